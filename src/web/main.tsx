// Boots the light start page for /auth/start and the full portal everywhere else.
import './styles/portal.css';

const root = document.getElementById('root');
if (root) {
  if (window.location.pathname === '/auth/start') {
    void import('./app/start-entry').then(({ mountStartPage }) => mountStartPage(root));
  } else {
    void import('./app/app-entry').then(({ mountApp }) => mountApp(root));
  }
}
