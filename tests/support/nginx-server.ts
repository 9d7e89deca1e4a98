/**
 * Serves a build folder with nginx in the foreground, configured as in
 * production (see tests/support/nginx.ts): the `nginx` project of
 * playwright.config.ts starts it.
 *
 *   npx --no-install jiti tests/support/nginx-server.ts [--root build] [--port 3101]
 *
 * It stops nginx when it is stopped itself.
 */
import {spawn} from 'node:child_process';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {checkConfiguration, nginxArguments, nginxBinary, renderTestServer} from './nginx';

const {values} = parseArgs({
  options: {
    root: {type: 'string', default: process.env.PORTAL_BUILD_DIR ?? 'build'},
    port: {type: 'string', default: process.env.PORTAL_NGINX_PORT ?? '3101'},
  },
});
const port = Number(values.port);
const prefix = path.join(tmpdir(), `gerai-portal-nginx-${port}`);

let conf: string;
try {
  conf = renderTestServer({buildDir: values.root, port, prefix});
} catch (error) {
  console.error(`nginx-server: ${(error as Error).message}`);
  process.exit(1);
}
const invalid = checkConfiguration(prefix, conf);
if (invalid !== undefined) {
  console.error(`nginx-server: nginx cannot start with the configuration in ${prefix}:\n${invalid}`);
  process.exit(1);
}

const nginx = spawn(nginxBinary(), nginxArguments(prefix, conf, '-g', 'daemon off;'), {stdio: 'inherit'});
console.log(`nginx-server: serving ${path.resolve(values.root)} on http://127.0.0.1:${port}/`);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => nginx.kill('SIGTERM'));
}
nginx.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
