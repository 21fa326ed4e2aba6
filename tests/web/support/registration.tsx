// Renders one account-setup page at its route (the lead wires it into the route table), with a
// stand-in for the root flow so tests can see where the page sends the user.
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithProviders } from './render';

export async function renderRegistrationPage(element: ReactElement, path: string, url = path) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/', element: <p>Root flow</p> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />);
  return { ...view, router };
}
