// npm run gazetteer:generate (also before dev and build): writes generated/gazetteer.bin, the offline
// gazetteer's tables (lib/geo/gazetteer-build.ts), unless the file is already current.
import { ensureGazetteerFile, GAZETTEER_FILE } from '@/lib/geo/gazetteer-data';

const started = performance.now();
const { file, built } = ensureGazetteerFile();
const size = `${(file.length / 1024 / 1024).toFixed(1)} MB`;
console.log(
  built
    ? `Wrote ${GAZETTEER_FILE} (${size}) in ${Math.round(performance.now() - started)} ms.`
    : `${GAZETTEER_FILE} is current (${size}).`,
);
