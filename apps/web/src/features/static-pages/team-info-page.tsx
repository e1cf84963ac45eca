// Team introduction (/team-info/index, role group dynamics, spec 02 §2): text from GET /dynamics.
import { DynamicsTextPage } from './components/dynamics-text-page';

export function TeamInfoPage() {
  return <DynamicsTextPage item="teamIntroduction" path="/team-info/index" fallbackTitle="团队介绍" />;
}
