import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/button';
import { Page } from '../../../ui/page';
import { text } from '../text';

/** A page under /profiel with the way back to the profile. */
export function ProfileSubPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page
      title={title}
      actions={
        <ButtonLink variant="secondary" to="/profiel">
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M15 18l-6-6 6-6" /></svg>
          {text.backToProfile}
        </ButtonLink>
      }
    >
      {children}
    </Page>
  );
}
