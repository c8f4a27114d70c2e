import { Page } from '../../../ui/page';

export default function ProjectsPlaceholder() {
  return <Page title="Projecten"><p>Hier komen de projecten.</p></Page>;
}
