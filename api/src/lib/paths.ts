import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '../env';

/** The repository root, found from this file so `npm start` works from any directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DASHBOARD_DIST = path.join(ROOT_DIR, 'dashboard', 'dist');
export const SDK_DIST = path.join(ROOT_DIR, 'sdk', 'dist');
const DATA_DIR = path.resolve(env.DATA_DIR);
export const UPLOADS_DIR = path.join(DATA_DIR, 'uploads');
