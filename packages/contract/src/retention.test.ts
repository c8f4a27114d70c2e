import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, describeRetention, RETENTION_CATEGORIES, RETENTION_CATEGORY_INFO, retentionMessages, retentionRuleProblem } from './retention.ts';

describe('retention rules', () => {
  it('gives every category a default its own rules allow', () => {
    for (const category of RETENTION_CATEGORIES) expect(retentionRuleProblem({ category, ...DEFAULT_RETENTION[category] }, 'customer'), category).toBeNull();
  });

  it('refuses values below a legal hold, a basis or action the category does not allow, and a project rule for a customer-wide category', () => {
    expect(retentionRuleProblem({ category: 'payments', months: 83, basis: 'project_end', action: 'delete' }, 'customer')).toBe(retentionMessages.belowHold('Betalingen', 84));
    expect(retentionRuleProblem({ category: 'payments', months: 84, basis: 'created', action: 'delete' }, 'project')).toBeNull();
    expect(retentionRuleProblem({ category: 'consent_evidence', months: 0, basis: 'court_period_end', action: 'delete' }, 'customer')).toBe(retentionMessages.belowHold('Bewijs van instemming', 1));
    expect(retentionRuleProblem({ category: 'consent_evidence', months: 12, basis: 'project_end', action: 'delete' }, 'customer'))
      .toBe(retentionMessages.basisNotAllowed('Bewijs van instemming', 'project_end'));
    expect(retentionRuleProblem({ category: 'dossier_documents', months: 12, basis: 'project_end', action: 'anonymise' }, 'customer')).toBe(retentionMessages.actionNotAllowed('Dossier en documenten'));
    expect(retentionRuleProblem({ category: 'audit_log', months: 12, basis: 'created', action: 'delete' }, 'project')).toBe(retentionMessages.notPerProject('Auditlog'));
    expect(Object.values(RETENTION_CATEGORY_INFO).filter((i) => i.hold).map((i) => i.label)).toEqual(['Betalingen', 'Bewijs van instemming']);
  });

  it('writes a rule as a Dutch sentence for the privacy page', () => {
    expect(describeRetention({ months: 1, basis: 'created', action: 'delete' })).toBe('Tot 1 maand nadat ze zijn vastgelegd, daarna verwijderd.');
    expect(describeRetention({ months: 24, basis: 'project_end', action: 'anonymise' }))
      .toBe('Tot 24 maanden na het einde van het project, daarna geanonimiseerd: alleen aantallen blijven over, niet wie het was.');
  });
});
