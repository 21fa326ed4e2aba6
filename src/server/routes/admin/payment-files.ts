// POST /master/admin/v1/payment-files {format?, since?, until?, reexport?}: the claims in payment
// as files a bank executes (ISO 20022 pain.001, NACHA ACH), each claim once; the rules are
// domain/payment-files.ts. npm run admin -- export-payments writes the answer's files.
import type { TypedRoutes } from '../typed';
import { badRequest } from '../../errors';
import { exportPayments, PAYMENT_FILE_FORMATS } from '../../domain/payment-files';
import { bool, data, exact, int, listOf, oneOfValues, str, uuid } from '../../openapi/responses';
import { adminActor } from './admin-key';

const format = oneOfValues(PAYMENT_FILE_FORMATS);
const moment = {
  type: 'string',
  description: 'A date (YYYY-MM-DD, midnight UTC) or a date-time.',
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
} as const;

const paymentExport = exact({
  files: listOf(
    exact({
      id: { ...str, description: 'The file id: the pain.001 MsgId, the ACH file.' },
      format,
      merchantId: str,
      fileName: str,
      content: { ...str, description: 'The file as the bank takes it.' },
      transactions: int,
      totals: listOf(exact({ currency: str, amount: str })),
    }),
  ),
  exported: listOf(
    exact({
      claimId: uuid,
      format,
      fileId: str,
      reference: {
        ...str,
        description: 'What the bank reports back: the EndToEndId, or the ACH trace number.',
      },
      amount: str,
      currency: str,
      reexport: bool,
    }),
  ),
  notExported: listOf(
    exact({
      claimId: uuid,
      type: { ...str, description: 'The payout type the claim was accepted with.' },
      reason: oneOfValues([
        'NOT_A_BANK_TRANSFER',
        'OTHER_FORMAT',
        'ALREADY_EXPORTED',
        'NO_SEALED_DESTINATION',
        'DESTINATION_INCOMPLETE',
        'PAYER_NOT_CONFIGURED',
        'AMOUNT_NOT_PAYABLE',
      ]),
      detail: str,
    }),
  ),
});

function parseMoment(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()))
    throw badRequest(`InvalidDate: ${field} is not a date`, [
      {
        path: `/${field}`,
        keyword: 'format',
        messageKey: 'format',
        params: { format: 'date-time' },
        message: `${field} must be a date or a date-time.`,
      },
    ]);
  return date;
}

const paymentFileRoutes: TypedRoutes = async (app) => {
  const { db, sealer, merchants } = app.deps;

  app.post(
    '/payment-files',
    {
      schema: {
        summary:
          'The claims in payment as bank files (pain.001 credit transfers, a NACHA ACH file), each claim once',
        description:
          'Claims accepted in [since, until) and not exported yet go in the files; the answer lists every other claim in payment with the reason it is not in them (another format, not a bank transfer, exported before...). reexport: true puts exported claims in again, each audited.',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            format: { type: 'string', enum: [...PAYMENT_FILE_FORMATS] },
            since: moment,
            until: moment,
            reexport: { type: 'boolean' },
          },
        },
        response: { 200: data(paymentExport) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const result = await exportPayments(db, sealer, merchants, {
        format: body.format,
        since: parseMoment(body.since, 'since'),
        until: parseMoment(body.until, 'until'),
        reexport: body.reexport === true,
        actor: adminActor(request),
      });
      request.log.info(
        {
          event: 'payment_files_exported',
          files: result.files.map((f) => f.id),
          claims: result.exported.length,
        },
        'payment files exported',
      );
      return { data: result };
    },
  );
};
export default paymentFileRoutes;
