// Wires the operator console's services from the app's own (issue 24): they call the same feedback,
// commerce, payment, session and video services users' calls go through.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AuditRepo } from '../../repositories/audit-repo.js';
import { OpsRepo } from '../../repositories/ops-repo.js';
import { SiteContentRepo } from '../../repositories/site-content-repo.js';
import { UsersRepo } from '../../repositories/users-repo.js';
import type { PayCommerce } from '../commerce/pay-container.js';
import type { UserCommerce } from '../commerce/user-container.js';
import type { FeedbackService } from '../feedback-service.js';
import type { SessionService } from '../session-service.js';
import type { VideoService } from '../video-service.js';
import { AuditService } from './audit-service.js';
import { CatalogueOps } from './catalogue-ops.js';
import { CommerceOps } from './commerce-ops.js';
import { ContentOps } from './content-ops.js';
import { DashboardService } from './dashboard-service.js';
import { OperatorGuard } from './operator-guard.js';
import { UsersOps } from './users-ops.js';

export interface Ops {
  guard: OperatorGuard;
  audit: AuditService;
  dashboard: DashboardService;
  content: ContentOps;
  commerce: CommerceOps;
  users: UsersOps;
  catalogue: CatalogueOps;
}

export interface OpsDeps {
  db: Kysely<Database>;
  feedback: FeedbackService;
  pay: PayCommerce;
  commerce: UserCommerce;
  sessions: Pick<SessionService, 'revokeAll'>;
  videos: Pick<VideoService, 'attach' | 'clear'>;
  now: () => number;
  /** Told after an operator's change to the tools table commits. */
  catalogueChanged?: () => void;
}

export function createOps(d: OpsDeps): Ops {
  const repo = new OpsRepo(d.db);
  const users = new UsersRepo(d.db);
  const audit = new AuditService(new AuditRepo(d.db), d.now);
  return {
    guard: new OperatorGuard(users),
    audit,
    dashboard: new DashboardService(repo, d.now),
    content: new ContentOps(new SiteContentRepo(d.db), d.feedback, audit, d.now),
    commerce: new CommerceOps(repo, users, d.pay, d.commerce, audit, d.now),
    users: new UsersOps(d.db, repo, users, d.sessions, audit, d.now),
    catalogue: new CatalogueOps(repo, d.videos, audit, d.now, d.catalogueChanged),
  };
}
