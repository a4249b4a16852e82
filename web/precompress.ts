/**
 * A Vite build plugin that writes a .br (quality 11) and a .gz (level 9) file beside every text
 * file of the build, so the server sends compressed bytes without compressing on each request
 * (@fastify/static `preCompressed`). Node's own zlib: no dependency.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

export function precompress(): Plugin {
  return {
    name: 'svc-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => TEXT.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const data = await readFile(file);
            const [b, g] = await Promise.all([
              br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
          }),
      );
    },
  };
}
