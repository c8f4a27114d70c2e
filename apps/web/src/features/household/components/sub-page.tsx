import type { ReactNode } from 'react';
import { BackLink } from '../../../ui/button';
import { Page } from '../../../ui/page';
import { text } from '../text';

/** A page under /profiel with the way back to the profile. */
export function ProfileSubPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page
      title={title}
      actions={
        <BackLink to="/profiel">{text.backToProfile}</BackLink>
      }
    >
      {children}
    </Page>
  );
}
