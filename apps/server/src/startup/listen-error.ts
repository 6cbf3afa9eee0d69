// Turns the errors of binding HOST:PORT into a StartupError line that says what to change.
import { StartupError, errnoCode } from './startup-error.js';

export function listenError(err: unknown, host: string, port: number): unknown {
  switch (errnoCode(err)) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${port} on ${host} is already in use; stop the program that uses it, or set PORT to a free port`,
      );
    case 'EACCES':
    case 'EPERM':
      return new StartupError(
        `Not allowed to listen on port ${port} on ${host}; set PORT to a port above 1023, or give the server that permission`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `HOST ${host} is not an address of this machine; set HOST to one of its addresses (127.0.0.1, 0.0.0.0, ::)`,
      );
    default:
      return err;
  }
}
