// A public image host on loopback for upload tests: Amazon downloads every listing image, and
// the shared e2e server's FETCH_ALLOW_LOOPBACK lets the sandbox reach this one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 64x64 red PNG. */
export const PNG_64 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAeElEQVR4nO3PQQkAMAzAwAqrfyZrIvY4BoEIuMzZ/brhgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAseuzfrAS2gdd8fAAAAAElFTkSuQmCC',
  'base64',
);

/** Starts a host that answers every path with `PNG_64`; `url(name)` is an image's address on it. */
export async function startImageHost() {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_64));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name: string) => `${base}/${name}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
