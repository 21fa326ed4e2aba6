// The console's frame: who is signed in (GET /session), the sign-in screen otherwise, and the
// routes. A 401 from any call (the staff session ended) brings the sign-in back. It holds the
// console's language: the header's menu chooses it (remembered in this browser, and stored for
// the staff member when signed in); a staff member's stored choice applies when they sign in.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Locale } from '../../core/i18n/locales';
import { Spinner } from '../components/spinner';
import { setLanguage } from '../lib/i18n';
import { AccountScreen } from './account-screen';
import { ConsoleApiError, consoleApi, errorText, type StaffMember } from './api';
import { CountriesScreen } from './countries-screen';
import { CountryScreen } from './country-screen';
import { EnrolScreen } from './enrol-screen';
import { SignInScreen } from './sign-in-screen';
import { LanguageMenu } from './language-menu';
import { StaffContext } from './staff-context';
import {
  CONSOLE_LOCALE_KEY,
  ConsoleLanguageContext,
  consoleLocale,
  loadCatalog,
  rememberedConsoleLocale,
  texts,
} from './texts';
import { VersionScreen } from './version-screen';

type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; ended?: boolean }
  | { status: 'signed-in'; staff: StaffMember };

/** Keeps a choice for this browser's next visit, before anyone signs in. */
const remember = (locale: Locale) => {
  try {
    localStorage.setItem(CONSOLE_LOCALE_KEY, locale);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
};

export function ConsoleApp() {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const [locale, setLocale] = useState<Locale>(consoleLocale);
  const location = useLocation();
  const navigate = useNavigate();
  // An enrolment link (/console/enrol#<token>) opens its own screen, signed in or not.
  const enrolling = location.pathname === '/console/enrol';

  /** Puts the whole console in a language: its texts, the preview's forms, <html lang>. */
  const apply = useCallback(async (next: Locale) => {
    await Promise.all([loadCatalog(next), setLanguage(next)]);
    document.title = texts.documentTitle;
    setLocale(next);
  }, []);

  /** Signed in: the staff member's stored language, when they chose one, becomes the console's. */
  const signedIn = useCallback(
    (staff: StaffMember) => {
      setSession({ status: 'signed-in', staff });
      if (staff.language && staff.language !== consoleLocale()) {
        remember(staff.language);
        void apply(staff.language);
      } else if (!staff.language && rememberedConsoleLocale()) {
        // Chosen in this browser before they had a stored choice: it becomes theirs.
        consoleApi.chooseLanguage(consoleLocale()).then(
          ({ language }) =>
            setSession((now) =>
              now.status === 'signed-in' ? { ...now, staff: { ...now.staff, language } } : now,
            ),
          () => undefined,
        );
      }
    },
    [apply],
  );

  useEffect(() => {
    let live = true;
    consoleApi.whoAmI().then(
      (staff) => {
        if (!live) return;
        if (staff) signedIn(staff);
        else setSession({ status: 'signed-out' });
      },
      () => live && setSession({ status: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const handleError = useCallback((error: unknown): string => {
    if (error instanceof ConsoleApiError && error.status === 401)
      setSession({ status: 'signed-out', ended: true });
    return errorText(error);
  }, []);

  const signedInStaff = session.status === 'signed-in' ? session.staff : null;
  const choose = useCallback(
    async (next: Locale) => {
      remember(next);
      await apply(next);
      if (!signedInStaff || signedInStaff.language === next) return;
      try {
        await consoleApi.chooseLanguage(next);
        setSession((now) =>
          now.status === 'signed-in' ? { ...now, staff: { ...now.staff, language: next } } : now,
        );
      } catch (error) {
        // Not kept on the server (the session ended, or the server is away): it still applies
        // here and in this browser.
        handleError(error);
      }
    },
    [apply, handleError, signedInStaff],
  );
  const language = useMemo(() => ({ locale, choose }), [locale, choose]);

  const signOut = async () => {
    try {
      await consoleApi.signOut();
    } catch {
      // Signed out already (the session ended): the sign-in screen follows either way.
    }
    setSession({ status: 'signed-out' });
  };

  const context = useMemo(
    () => (session.status === 'signed-in' ? { staff: session.staff, handleError } : null),
    [session, handleError],
  );

  return (
    <ConsoleLanguageContext.Provider value={language}>
      <div className="console">
        <header className="console-header">
          <div className="console-header__inner">
            <Link to="/console" className="console-header__name">
              Payee Portal · {texts.title}
            </Link>
            <div className="console-header__tools">
              {context ? (
                <div className="console-header__who">
                  <span>
                    {texts.signedInAs(
                      context.staff.email,
                      texts.roles[context.staff.role] ?? context.staff.role,
                    )}
                  </span>
                  <Link to="/console/account">{texts.account.link}</Link>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => void signOut()}
                  >
                    {texts.signOut}
                  </button>
                </div>
              ) : null}
              <LanguageMenu />
            </div>
          </div>
        </header>
        <main className="console-main" id="main">
          {session.status === 'loading' ? <Spinner label={texts.loading} /> : null}
          {enrolling && session.status !== 'loading' ? (
            <EnrolScreen
              token={location.hash.slice(1)}
              onEnrolled={(staff) => {
                signedIn(staff);
                // The link is used up: the address no longer carries it.
                navigate('/console', { replace: true });
              }}
            />
          ) : null}
          {session.status === 'signed-out' && !enrolling ? (
            <SignInScreen
              notice={session.ended ? texts.sessionEnded : undefined}
              onSignedIn={signedIn}
            />
          ) : null}
          {context && !enrolling ? (
            <StaffContext.Provider value={context}>
              <Routes>
                <Route path="/console" element={<CountriesScreen />} />
                <Route path="/console/countries/:country" element={<CountryScreen />} />
                <Route path="/console/versions/:id" element={<VersionScreen />} />
                <Route path="/console/account" element={<AccountScreen />} />
                <Route path="*" element={<p role="alert">{texts.notFound}</p>} />
              </Routes>
            </StaffContext.Provider>
          ) : null}
        </main>
      </div>
    </ConsoleLanguageContext.Provider>
  );
}
