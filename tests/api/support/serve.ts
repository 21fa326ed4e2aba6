// The server process as production runs it (src/server/main.ts, signals included), without
// `npm start`'s build steps: tests spawn it to send it signals.
import { startServer } from '../../../src/server/main';

await startServer();
console.log('listening');
