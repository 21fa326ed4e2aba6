import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createStore } from './app/store';
import { createRouter } from './app/router';
import { setNavigator } from './lib/navigation';
import './styles/portal.css';

const store = createStore();
const router = createRouter();
setNavigator((to) => void router.navigate(to));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}
