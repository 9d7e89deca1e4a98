// @ts-check
import {createServer} from 'node:net';

/**
 * A TCP port of 127.0.0.1 that nothing listens on now.
 *
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = portOf(server);
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port a listening server was given. `address()` names a pipe or socket file instead for a
 * server listening on one, never here: these listen on TCP ports.
 *
 * @param {import('node:net').Server} server
 */
export function portOf(server) {
  return /** @type {import('node:net').AddressInfo} */ (server.address()).port;
}
