export { SessionController } from './session-controller';
