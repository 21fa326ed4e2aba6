// Boots the light start page for /auth/start, the staff rules console for /console (its own
// chunk: recipients never download it) and the full portal everywhere else.
import './styles/portal.css';

const root = document.getElementById('root');
const path = window.location.pathname;
if (root) {
  if (path === '/auth/start') {
    void import('./app/start-entry').then(({ mountStartPage }) => mountStartPage(root));
  } else if (path === '/console' || path.startsWith('/console/')) {
    void import('./console/console-entry').then(({ mountConsole }) => mountConsole(root));
  } else {
    void import('./app/app-entry').then(({ mountApp }) => mountApp(root));
  }
}
