import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process's name in the leases it takes (scans, chat turns): its host and process id, so a
 * restart on the same host can tell a dead holder, and a random part, so a reused pid is never
 * taken for the old process.
 */
export const INSTANCE_NAME = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
