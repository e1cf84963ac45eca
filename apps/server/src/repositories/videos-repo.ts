// SQL for the operator-attached tool videos: the `video_file_id` column of the tools table.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class VideosRepo {
  constructor(
    private readonly db: Kysely<Database>,
    /** Told after set() writes the tools table (the lists' in-memory catalogue). */
    private readonly changed: () => void = () => {},
  ) {}

  /** The active tool and its current video (null when none); undefined when the tool is unknown. */
  async ofTool(toolId: number): Promise<{ id: number; video_file_id: string | null } | undefined> {
    return this.db.selectFrom('tools').select(['id', 'video_file_id']).where('id', '=', toolId).where('active', '=', 1).executeTakeFirst();
  }

  /** The active tool currently showing this video; a cleared or replaced video belongs to none. */
  async toolOf(fileId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('tools').select('id').where('video_file_id', '=', fileId).where('active', '=', 1).executeTakeFirst();
    return row?.id;
  }

  async set(toolId: number, fileId: string | null): Promise<void> {
    await this.db.updateTable('tools').set({ video_file_id: fileId }).where('id', '=', toolId).execute();
    this.changed();
  }
}
