import { afterAll } from 'vitest';
import { createTestDatabase } from './postgresTestDatabase';

// A database of this test file's own on the server, so files run in parallel and leave nothing.
const database = await createTestDatabase('parley_test');
process.env.DATABASE_URL = database.url;

afterAll(() => database.drop());
