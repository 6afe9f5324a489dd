import { achievementTablePage } from '@crm/shared';
import { AnalysisPage } from '@/bi/AnalysisPage';

/**
 * /workbench/achievementTable (spec 2.3 业绩报表): my and my team's results against the targets of
 * `achievement/*`, by month and by person, in the data scope of `bi:achievement:read`; the
 * statistics' own page, so its figures are those of /bi/taskCompletestatistics.
 */
export default function AchievementTablePage() {
  return <AnalysisPage page={achievementTablePage} />;
}
