// The console's frame: who is signed in (GET /session), the sign-in screen otherwise, and the
// routes. A 401 from any call (the staff session ended) brings the sign-in back.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AccountScreen } from './account-screen';
import { ConsoleApiError, consoleApi, errorText, type StaffMember } from './api';
import { CountriesScreen } from './countries-screen';
import { CountryScreen } from './country-screen';
import { EnrolScreen } from './enrol-screen';
import { SignInScreen } from './sign-in-screen';
import { StaffContext } from './staff-context';
import { texts } from './texts';
import { VersionScreen } from './version-screen';

type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; staff: StaffMember };

export function ConsoleApp() {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const location = useLocation();
  const navigate = useNavigate();
  // An enrolment link (/console/enrol#<token>) opens its own screen, signed in or not.
  const enrolling = location.pathname === '/console/enrol';

  useEffect(() => {
    let live = true;
    consoleApi.whoAmI().then(
      (staff) =>
        live && setSession(staff ? { status: 'signed-in', staff } : { status: 'signed-out' }),
      () => live && setSession({ status: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const handleError = useCallback((error: unknown): string => {
    if (error instanceof ConsoleApiError && error.status === 401)
      setSession({ status: 'signed-out', notice: texts.sessionEnded });
    return errorText(error);
  }, []);

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
    <div className="console">
      <header className="console-header">
        <div className="console-header__inner">
          <Link to="/console" className="console-header__name">
            Payee Portal · {texts.title}
          </Link>
          {context ? (
            <div className="console-header__who">
              <span>{texts.signedInAs(context.staff.email, context.staff.role)}</span>
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
        </div>
      </header>
      <main className="console-main" id="main">
        {session.status === 'loading' ? <Spinner label={texts.loading} /> : null}
        {enrolling && session.status !== 'loading' ? (
          <EnrolScreen
            token={location.hash.slice(1)}
            onEnrolled={(staff) => {
              setSession({ status: 'signed-in', staff });
              // The link is used up: the address no longer carries it.
              navigate('/console', { replace: true });
            }}
          />
        ) : null}
        {session.status === 'signed-out' && !enrolling ? (
          <SignInScreen
            notice={session.notice}
            onSignedIn={(staff) => setSession({ status: 'signed-in', staff })}
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
  );
}
