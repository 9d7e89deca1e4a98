import {request as httpRequest} from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * One GET with the path sent exactly as given (a browser or `fetch` would
 * normalise `..` and percent escapes first), no redirect followed and no
 * decompression: what the host itself answers.
 */
export function rawGet(
  baseURL: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(baseURL, rawPath, {method: 'GET', headers});
}

/** As rawGet, with another method (HEAD). */
export function rawRequest(
  baseURL: string,
  rawPath: string,
  {method, headers = {}}: {method: 'GET' | 'HEAD'; headers?: Record<string, string>},
): Promise<RawResponse> {
  const {hostname, port} = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {host: hostname, port, path: rawPath, method, headers, timeout: 10_000},
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: flat,
            body: Buffer.concat(chunks).toString('latin1'),
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer to ${rawPath} within 10 s`)));
    request.on('error', reject);
    request.end();
  });
}
