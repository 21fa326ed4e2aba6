// The spec's rule for the merchant's static pages (section 4): the user is not loaded on URLs
// containing "static". One test for the server (what a page's boot data carries) and the portal.

/** Whether a URL path shows a static page. */
export const isStaticPath = (pathname: string): boolean => pathname.includes('static');
