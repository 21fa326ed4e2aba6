// The sign-in link of /auth/start: /auth/login, carrying the page's redirectUrl when it has one.
export function startLoginHref(search: string): string {
  const redirectUrl = new URLSearchParams(search).get('redirectUrl');
  return redirectUrl ? `/auth/login?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/auth/login';
}
