// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentCampaignMessages, type TCampaignUnit } from '@portal/contract';
import { cleanup, interact, render } from '../../../ui/dom-test-utils';
import { UnitCard } from './unit-card';

const unit: TCampaignUnit = {
  building_unit: 'Blok Noord', total: 20, vacant: 1, agreed: 15, disagreed: 1, signed: 13, answering: 1, not_started: 1, on_paper: 2, paper_pending: 1, conflicts: 0,
  percentage_with_vacant: 75, percentage_without_vacant: 78.9, percentage: 75, reached: true, reached_at: '01-11-2026', rule_applies: true, votes: 20, agreed_votes: 15,
  warning: null, reached_on: '01-11-2026', dropped_on: null, milestones: [{ kind: 'reached', at: '01-11-2026', percentage: 75 }],
  notices_drafted: 0, notices_sent: 0, not_agreeing: 4,
};

afterEach(cleanup);

describe('UnitCard', () => {
  it('shows the votes, both percentages and the date 70% was reached; staff who run the campaign make the notices', () => {
    const onNotices = vi.fn();
    const card = render(<ul><UnitCard unit={unit} canManage onNotices={onNotices} onSent={() => {}} /></ul>);
    expect(card.textContent).toContain('15 van 20 stemmen akkoord');
    expect(card.textContent).toContain('Met leegstand 75%, zonder leegstand 78,9%');
    expect(card.textContent).toContain('70% bereikt op 01-11-2026');
    const button = [...card.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Kennisgevingen maken (PDF)'))!;
    interact(() => button.click());
    expect(onNotices).toHaveBeenCalled();
    cleanup();
    const reader = render(<ul><UnitCard unit={unit} canManage={false} onNotices={onNotices} onSent={() => {}} /></ul>);
    expect(reader.querySelectorAll('button')).toHaveLength(0);
  });

  it('says when the unit fell below 70%, and when it reached it again', () => {
    const dropped = { ...unit, reached: false, percentage: 68.2, dropped_on: '27-11-2026', milestones: [...unit.milestones, { kind: 'dropped' as const, at: '27-11-2026', percentage: 68.2 }] };
    const below = render(<ul><UnitCard unit={dropped} canManage onNotices={() => {}} onSent={() => {}} /></ul>);
    expect(below.textContent).toContain('Daarna onder 70% gezakt op 27-11-2026');
    expect(below.textContent).toContain('Nog niet bereikt');
    expect(below.textContent).not.toContain('Kennisgevingen maken');
    cleanup();
    const again = { ...dropped, reached: true, percentage: 71.4, milestones: [...dropped.milestones, { kind: 'reached' as const, at: '28-11-2026', percentage: 71.4 }] };
    const card = render(<ul><UnitCard unit={again} canManage onNotices={() => {}} onSent={() => {}} /></ul>);
    expect(card.textContent).toContain('Op 27-11-2026 onder 70% gezakt, op 28-11-2026 opnieuw bereikt');
    expect(card.textContent).not.toContain('Daarna onder 70% gezakt');
  });

  it('warns when the unit has fewer than ten homes', () => {
    const small = { ...unit, total: 6, vacant: 0, rule_applies: false, warning: consentCampaignMessages.fewHomes(6) };
    const card = render(<ul><UnitCard unit={small} canManage onNotices={() => {}} onSent={() => {}} /></ul>);
    expect(card.textContent).toContain('Deze eenheid telt 6 woningen: de 70%-regel geldt pas vanaf 10 woningen');
  });
});
