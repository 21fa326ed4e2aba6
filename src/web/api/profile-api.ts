// Profile calls of spec section 7 (/funnel/v1/me..., id-proofing, guardians).
import { api } from '../lib/api';
import type { Profile } from '../../core/types/entities/profile';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import type { PreferredContact } from '../../core/types/entities/preferred-contact';
import type { Locale } from '../../core/types/entities/locale';

export interface CodeSent {
  prefix: string;
  expiresAt: string;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/funnel/v1/me',
      providesTags: ['Profile'],
    }),
    /**
     * The profile loaded again after a live status change; on success it replaces the cached
     * profile. Its failure is only logged (spec section 4), so it is a quiet endpoint: no error
     * modal, and the screens keep the profile they have.
     */
    reloadProfile: build.query<Profile, void>({
      query: () => '/funnel/v1/me',
      keepUnusedDataFor: 0,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // The caller logs it.
        }
      },
    }),
    getProfileStatus: build.query<{ status: ProfileStatus; hostedCheckOpen?: boolean }, void>({
      query: () => '/funnel/v1/me/status',
      providesTags: ['ProfileStatus'],
    }),
    updateProfile: build.mutation<Profile, Record<string, unknown>>({
      query: (data) => ({ url: '/funnel/v1/me', method: 'PATCH', body: data }),
      invalidatesTags: ['Profile', 'ProfileStatus', 'PaymentTypes'],
    }),
    /**
     * Stores the language chosen in the header menu (the one every mail is written in). The cached
     * profile takes it on success, so the shell does not switch back to the old one.
     */
    storePreferredLanguage: build.mutation<{ preferredLanguage: Locale }, Locale>({
      query: (language) => ({ url: '/funnel/v1/me/language', method: 'PUT', body: { language } }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            profileApi.util.updateQueryData('getProfile', undefined, (profile) => {
              profile.preferredLanguage = data.preferredLanguage;
              if (profile.person) profile.person.preferredLanguage = data.preferredLanguage;
            }),
          );
        } catch {
          // Not stored: the portal keeps showing the choice; the mails keep the stored one.
        }
      },
    }),
    /** Deletes the account: the password is asked again (issue 29). */
    deleteProfile: build.mutation<{ deleted: boolean }, { password: string }>({
      query: ({ password }) => ({ url: '/funnel/v1/me', method: 'DELETE', body: { password } }),
      invalidatesTags: ['Profile', 'Principal'],
    }),
    registerForClaim: build.mutation<
      Profile,
      {
        data: {
          email: string;
          preferredContact: PreferredContact;
          termsAccepted: boolean;
          additionalAgreementsAccepted?: boolean;
          passwordConfirmation?: string;
          /** The language the register page was shown in: the person's language from now on. */
          preferredLanguage?: Locale;
        };
        password: string;
        claimId: string;
      }
    >({
      query: (body) => ({ url: '/funnel/v1/me', method: 'POST', body }),
    }),
    registerByToken: build.mutation<
      Profile,
      {
        tokenId: string;
        password: string;
        preferredContact: PreferredContact;
        termsAccepted?: boolean;
        additionalAgreementsAccepted?: boolean;
        preferredLanguage?: Locale;
      }
    >({
      query: (body) => ({ url: '/funnel/v1/me/confirm', method: 'POST', body }),
    }),
    deletePhone: build.mutation<{ deleted: boolean }, string>({
      query: (id) => ({ url: `/funnel/v1/me/phones/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Profile'],
    }),
    sendVerificationCode: build.mutation<CodeSent, { prefix?: string }>({
      query: (body) => ({ url: '/funnel/v1/me/verify/otp', method: 'POST', body }),
    }),
    verifyAccount: build.mutation<{ status: ProfileStatus }, { otp: string }>({
      query: (body) => ({ url: '/funnel/v1/me/verify', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'ProfileStatus'],
    }),
    verifyAccessCode: build.mutation<{ status: boolean }, { profileId: string }>({
      query: (body) => ({ url: '/funnel/v1/me/verify-access-otp', method: 'POST', body }),
    }),
    /** With a hosted provider, `verificationUrl` is its flow, where the person is sent. */
    startIdProofing: build.mutation<{ status: ProfileStatus; verificationUrl?: string }, void>({
      query: () => ({ url: '/funnel/v1/id-proofing/start', method: 'POST' }),
      invalidatesTags: ['Profile', 'ProfileStatus'],
    }),
    /** Photo-ID proofing after a failed check: front, back and a selfie (base64). */
    submitIdDocuments: build.mutation<
      { id: string; status: ProfileStatus },
      Record<'front' | 'back' | 'selfie', { contentType: string; data: string }>
    >({
      query: (body) => ({ url: '/funnel/v1/id-proofing/documents', method: 'POST', body }),
      invalidatesTags: ['Profile', 'ProfileStatus'],
    }),
    inviteGuardian: build.mutation<
      Profile,
      {
        firstName: string;
        lastName: string;
        guardianEmail: string;
        relationship: string;
        /** The stuck (pending or refused) invitation this one replaces: it is withdrawn. */
        replaces?: string;
      }
    >({
      query: (body) => ({ url: '/funnel/v1/me/guardian/invite', method: 'POST', body }),
      invalidatesTags: ['Profile', 'ProfileStatus'],
    }),
    confirmGuardianConsent: build.mutation<
      { minorId: string; consent: string; minorStatus: ProfileStatus },
      { minorId: string; consent: boolean }
    >({
      query: ({ minorId, consent }) => ({
        url: `/funnel/v1/me/guardian/confirm-consent/${minorId}`,
        method: 'POST',
        body: { consent },
      }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  useGetProfileStatusQuery,
  useUpdateProfileMutation,
  useDeleteProfileMutation,
  useStorePreferredLanguageMutation,
  useRegisterForClaimMutation,
  useRegisterByTokenMutation,
  useDeletePhoneMutation,
  useSendVerificationCodeMutation,
  useVerifyAccountMutation,
  useVerifyAccessCodeMutation,
  useStartIdProofingMutation,
  useSubmitIdDocumentsMutation,
  useInviteGuardianMutation,
  useConfirmGuardianConsentMutation,
} = profileApi;
