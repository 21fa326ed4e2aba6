// Lets non-React code (the API layer) navigate: the router registers itself here at start.
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export const setNavigator = (fn: Navigate): void => {
  navigate = fn;
};
export const navigateTo = (to: string): void => navigate(to);

/** Leaves the single-page app for a server page (login, logout, PayPal). */
export const leaveTo = (url: string): void => window.location.assign(url);
