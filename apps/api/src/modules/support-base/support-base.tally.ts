import { and, asc, eq } from 'drizzle-orm';
import {
  CONSENT_MIN_HOMES, CONSENT_THRESHOLD, consentConflictText, consentProgressText, NO_BUILDING_UNIT,
  consentRuleText, type TConsentAddress, type TConsentAgreement, type TConsentHouseholdRule, type TConsentFigures, type TConsentTally, type TSupportBaseAddressStatus,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { changeLog, createProjectReadCache } from '../../lib/change-log.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { forms } from '../form-engine/form-engine.table.ts';
import { fullAddress } from '../form-engine/index.ts';
import { projects } from '../project/project.table.ts';

/** Per-address list page size on the partner dashboard. */
export const TALLY_PAGE_SIZE = 25;
/** The tally cache: how many (project, form) pairs, and for how long a result is used (see `states`). */
const CACHE_SIZE = 50;
const CACHE_MAX_AGE_MS = 60_000;

type Row = {
  address_id: number; building_unit: string | null; vacant: boolean; households: number; street: string; house_number: string; zipcode: string; city: string;
  entry_id: number | null; has_values: boolean | null; status: string | null; agreement: string | null; agreement_at: Date | null;
  on_paper: boolean | null; sign_requested: boolean | null; all_signed: boolean | null; proven: boolean | null; letter_printed_at: Date | null;
  paper_agreement: string | null; paper_at: Date | null; pending_agreement: string | null; signed_after_paper: boolean | null; digital_agreement: string | null;
};

export type AddressState = {
  addressId: number; fullAddress: string; unit: string; vacant: boolean; households: number; status: TSupportBaseAddressStatus;
  onPaper: boolean; paper: 'pending' | 'confirmed' | null; conflictText: string | null;
  signed: boolean; agreement: TConsentAgreement | null; agreementAt: Date | null;
  /** When the address's live letter (unrevoked, unexpired) was printed. */
  letterPrintedAt: Date | null;
  /** The address's latest entry on the form (null before anyone opened it). */
  entryId: number | null;
};

type Figures = TConsentFigures & { reachedMoment: Date | null };
/** The figures of a form's addresses per building unit and in all (ConsentTally.units). */
export type UnitFigures = {
  rule: ConsentRule;
  list: readonly AddressState[];
  byUnit: ReadonlyMap<string, readonly AddressState[]>;
  figures: ReadonlyMap<string, Figures>;
  total: Figures;
};
type CacheEntry = { states: readonly AddressState[]; units: Map<string, UnitFigures> };

/** The project's rule for the 70% count (projects.consent_counts_vacant, consent_household_rule). */
export type ConsentRule = { countsVacant: boolean; householdRule: TConsentHouseholdRule };

const agreementOf = (value: string | null): TConsentAgreement | null => (value === 'agree' || value === 'disagree' ? value : null);

/** The figures as the wire has them (the moment 70% was reached is only for the milestones). */
export function wireFigures({ reachedMoment: _moment, ...wire }: TConsentFigures & { reachedMoment: Date | null }): TConsentFigures {
  return wire;
}

/**
 * The consent tally of the 70% rule (art. 7:220 lid 3 BW, INTEGRATIONS.md): per building unit the homes,
 * vacant ones, what the signed documents (or paper forms) say, and how far the others are. A digital
 * agreement counts only when the provider confirmed the request signed (status 30, read from the provider)
 * and its signed document is stored with the portal (`proven`); until then the address shows as signed.
 * A paper form counts only when a second staff member confirmed its record, from that confirmation; on
 * paper only the paper form counts (a digital signature after it is flagged, not counted). Answers not
 * signed count as answering, a paper form waiting for its second staff member as 'on_paper'.
 * Whether vacant homes count is the project's setting; both percentages are given.
 */
export function createConsentTally(db: Db) {
  async function consentForms(projectId: number) {
    return db.select({ id: forms.id, name: forms.name }).from(forms)
      .where(and(eq(forms.projectId, projectId), eq(forms.kind, 'support-base'), eq(forms.isActive, true)))
      .orderBy(asc(forms.position), asc(forms.id));
  }

  /**
   * The cache of the full states of a (project, form): the console's campaign and address list, the partner tally and
   * the project pages' progress text read all of a project's addresses (5,000: some 60 ms a time); with the cache a
   * read costs one index scan. The tally is legal evidence, so a cached result must never be stale after a commit,
   * in any process, also after a write by raw SQL: triggers (migration 0026) append a row naming the project to the
   * change log `consent_tally_changes` for every write that can change its tally, and a result is used only while the
   * project's fingerprint in that log is the one read before it was computed (lib/change-log.ts says why that holds,
   * also across the sweep). It is used for at most 60 s: consent letters expire by the clock, with no write.
   * At most CACHE_SIZE pairs, the oldest evicted first. The cached arrays and states are frozen; callers get a copy
   * of the array. Calls for some `addressIds` are not cached.
   */
  const log = changeLog(db, 'consent_tally_changes');
  const cache = createProjectReadCache(log, { size: CACHE_SIZE, maxAgeMs: CACHE_MAX_AGE_MS });

  /** The (project, form)'s cached result, computed again when its fingerprint changed or it is older than 60 s. */
  async function entry(projectId: number, formId: number): Promise<CacheEntry> {
    return cache.read(projectId, String(formId), async () => (
      { states: Object.freeze((await compute(projectId, formId)).map((s) => Object.freeze(s))), units: new Map() }));
  }

  async function states(projectId: number, formId: number, addressIds?: number[]): Promise<AddressState[]> {
    if (addressIds) return compute(projectId, formId, addressIds);
    return [...(await entry(projectId, formId)).states];
  }

  /**
   * Every address's state, the states per building unit (in the list's order) and the figures of each unit and of
   * all under `rule`: worked out once per cached result and rule (the campaign and the overview read them on every
   * call; 5,000 addresses in 100 units). Read-only: the arrays and maps are shared between callers. The project's rule
   * is read beside the cached result unless the caller has it.
   */
  async function units(projectId: number, formId: number, known?: ConsentRule): Promise<UnitFigures> {
    const [cached, rule] = await Promise.all([entry(projectId, formId), known ?? ruleOf(projectId)]);
    const ruleKey = `${rule.countsVacant}:${rule.householdRule}`;
    const done = cached.units.get(ruleKey);
    if (done) return done;
    const byUnit = new Map<string, AddressState[]>();
    for (const s of cached.states) {
      const list = byUnit.get(s.unit);
      if (list) list.push(s);
      else byUnit.set(s.unit, [s]);
    }
    const made: UnitFigures = {
      rule, list: cached.states, byUnit,
      figures: new Map([...byUnit].map(([unit, list]) => [unit, figuresOf(list, rule)])),
      total: figuresOf(cached.states, rule),
    };
    cached.units.set(ruleKey, made);
    return made;
  }

  /**
   * Every address of the project (or only `addressIds`) with its state on the form, computed now. The latest entry per address comes
   * from one scan of the form's entries (DISTINCT ON, only the columns the state needs), not a lookup per address:
   * 5,000 addresses in half the time (npm run bench -- --scale).
   */
  async function compute(projectId: number, formId: number, addressIds?: number[]): Promise<AddressState[]> {
    const result = await db.$client.query<Row>(
      `SELECT ap.address_id, ap.building_unit, ap.vacant, ap.households, a.street, a.house_number, a.zipcode, a.city,
              e.id AS entry_id, e.has_values, e.status, e.agreement, e.agreement_at, e.on_paper, e.sign_requested, e.all_signed,
              EXISTS (SELECT 1 FROM signing_requests r
                       WHERE r.subject_kind = 'support-base' AND r.entry_id = e.id AND r.status = 'signed' AND r.signed_file_id IS NOT NULL) AS proven,
              (SELECT max(cl.created_at) FROM consent_letters cl
                WHERE cl.form_id = $2 AND cl.address_id = ap.address_id AND cl.revoked_at IS NULL AND cl.expires_at > now()) AS letter_printed_at,
              pc.agreement AS paper_agreement, pc.decided_at AS paper_at, pp.agreement AS pending_agreement,
              COALESCE(sa.found, false) AS signed_after_paper, sa.agreement AS digital_agreement
         FROM address_projects ap
         JOIN addresses a ON a.id = ap.address_id
         LEFT JOIN (
           SELECT DISTINCT ON (fe.address_id) fe.id, fe.address_id, (fe.values <> '{}'::jsonb) AS has_values, fe.status, fe.agreement, fe.agreement_at,
                  fe.on_paper, fe.sign_requested,
                  (fe.nr_of_signatures IS NOT NULL AND NOT EXISTS (
                     SELECT 1 FROM generate_series(1, fe.nr_of_signatures) AS n
                     WHERE COALESCE((fe.signatures -> n::text ->> 'signed')::boolean, false) = false)) AS all_signed
             FROM form_entries fe WHERE fe.form_id = $2 AND ($4::int[] IS NULL OR fe.address_id = ANY($4::int[]))
            ORDER BY fe.address_id, fe.id DESC
         ) e ON e.address_id = ap.address_id
         LEFT JOIN consent_paper_records pc ON pc.entry_id = e.id AND pc.state = 'confirmed' AND pc.superseded_at IS NULL
         LEFT JOIN consent_paper_records pp ON pp.entry_id = e.id AND pp.state = 'pending'
         LEFT JOIN LATERAL (
           SELECT true AS found, ev.detail ->> 'agreement' AS agreement FROM form_entry_events ev
            WHERE e.on_paper AND ev.entry_id = e.id AND ev.action = 'signed-after-paper' ORDER BY ev.id DESC LIMIT 1
         ) sa ON true
        WHERE ap.project_id = $1 AND ($4::int[] IS NULL OR ap.address_id = ANY($4::int[]))
        ORDER BY COALESCE(ap.building_unit, $3), a.street, a.zipcode, length(a.house_number), a.house_number, a.id`,
      [projectId, formId, NO_BUILDING_UNIT, addressIds ?? null],
    );
    return result.rows.map((r) => {
      const onPaper = r.on_paper === true;
      // On paper only a confirmed record counts (from its confirmation); else what the signed document says,
      // once it is proven (signed at the provider and its signed document stored).
      const paperAgreement = agreementOf(r.paper_agreement);
      const agreement = onPaper ? paperAgreement : r.proven === true ? agreementOf(r.agreement) : null;
      const agreementAt = !agreement ? null : onPaper ? r.paper_at : r.agreement_at;
      const paper = !onPaper ? null : r.pending_agreement !== null ? 'pending' : paperAgreement ? 'confirmed' : null;
      const signed = !onPaper && (r.status === 'signed' || r.status === 'confirmed' || r.all_signed === true);
      const status: TSupportBaseAddressStatus = agreement === 'agree' ? 'agreed'
        : agreement === 'disagree' ? 'disagreed'
          : onPaper ? 'on_paper'
            : signed ? 'signed'
              : r.entry_id !== null && (r.has_values || r.sign_requested) ? 'answering' : 'not_started';
      const conflictText = onPaper && r.signed_after_paper ? consentConflictText(agreementOf(r.digital_agreement), paperAgreement ?? agreementOf(r.pending_agreement)) : null;
      return {
        addressId: r.address_id, fullAddress: fullAddress({ street: r.street, houseNumber: r.house_number, zipcode: r.zipcode, city: r.city }),
        unit: r.building_unit?.trim() || NO_BUILDING_UNIT, vacant: r.vacant, households: r.households, entryId: r.entry_id, status, onPaper, paper, conflictText, signed, agreement, agreementAt,
        letterPrintedAt: r.letter_printed_at,
      };
    });
  }

  const percent = (part: number, of: number) => (of > 0 ? Math.round((part / of) * 1000) / 10 : 0);

  /**
   * The figures of some addresses under the project's rule. The denominator is every home of the unit (vacant ones
   * only when the rule counts them): an address that did not answer counts as not agreeing. Under the household
   * rule each home weighs its number of households. `reachedMoment`: when the leading percentage first reached
   * 70%, by the moments of agreement.
   */
  function figuresOf(list: readonly AddressState[], rule: ConsentRule): TConsentFigures & { reachedMoment: Date | null } {
    const weight = (s: AddressState) => (rule.householdRule === 'household' ? s.households : 1);
    const sum = (items: readonly AddressState[]) => items.reduce((n, s) => n + weight(s), 0);
    const total = list.length;
    const vacant = list.filter((s) => s.vacant).length;
    const agreedList = list.filter((s) => s.agreement === 'agree');
    const agreed = agreedList.length;
    const agreedVotes = sum(agreedList);
    const allVotes = sum(list);
    const occupiedVotes = sum(list.filter((s) => !s.vacant));
    const denominator = rule.countsVacant ? allVotes : occupiedVotes;
    const leading = percent(agreedVotes, denominator);
    // The moment the leading percentage first reached 70%: the agreement that made the needed number of votes.
    const needed = Math.ceil((CONSENT_THRESHOLD / 100) * denominator);
    const moments = agreedList.filter((s) => s.agreementAt !== null).sort((x, y) => x.agreementAt!.getTime() - y.agreementAt!.getTime());
    let reachedMoment: Date | null = null;
    let votes = 0;
    for (const s of moments) {
      votes += weight(s);
      if (denominator > 0 && needed > 0 && votes >= needed) {
        reachedMoment = s.agreementAt;
        break;
      }
    }
    const homes = rule.countsVacant ? total : total - vacant;
    return {
      total,
      vacant,
      agreed,
      disagreed: list.filter((s) => s.agreement === 'disagree').length,
      signed: list.filter((s) => s.signed).length,
      answering: list.filter((s) => s.status === 'answering').length,
      not_started: list.filter((s) => s.status === 'not_started' && !s.vacant).length,
      on_paper: list.filter((s) => s.onPaper && s.agreement !== null).length,
      paper_pending: list.filter((s) => s.paper === 'pending').length,
      conflicts: list.filter((s) => s.conflictText !== null).length,
      percentage_with_vacant: percent(agreedVotes, allVotes),
      percentage_without_vacant: percent(agreedVotes, occupiedVotes),
      percentage: leading,
      reached: denominator > 0 && leading >= CONSENT_THRESHOLD,
      reached_at: reachedMoment ? toDutchDate(reachedMoment) : null,
      rule_applies: homes >= CONSENT_MIN_HOMES,
      votes: denominator,
      agreed_votes: agreedVotes,
      reachedMoment,
    };
  }

  async function ruleOf(projectId: number): Promise<ConsentRule> {
    const [row] = await db.select({ countsVacant: projects.consentCountsVacant, householdRule: projects.consentHouseholdRule }).from(projects)
      .where(eq(projects.id, projectId)).limit(1);
    return { countsVacant: row?.countsVacant ?? true, householdRule: row?.householdRule ?? 'home' };
  }

  return {
    consentForms,
    states,
    units,

    /** The sweep job's part: the change log's old rows (lib/change-log.ts). */
    sweepChanges: log.sweep,
    ruleOf,

    /** The consent status of some addresses of the project on one form (the console's letters list). */
    async statusOf(projectId: number, formId: number, addressIds: number[]): Promise<Map<number, TSupportBaseAddressStatus>> {
      if (!addressIds.length) return new Map();
      return new Map((await states(projectId, formId, addressIds)).map((s) => [s.addressId, s.status]));
    },

    /** The tally of one consent form of the project (the first when none is named), with one page of addresses. */
    async tally(projectId: number, options: { formId?: number; page?: number; buildingUnit?: string } = {}): Promise<TConsentTally> {
      const all = await consentForms(projectId);
      const form = options.formId === undefined ? all[0] : all.find((f) => f.id === options.formId);
      const rule = await ruleOf(projectId);
      const ruleWire = { counts_vacant: rule.countsVacant, household_rule: rule.householdRule, rule_text: consentRuleText(rule.countsVacant, rule.householdRule) };
      if (!form) return { forms: all, form_id: null, ...ruleWire, total: null, units: [], addresses: { items: [], page: 1, pages: 1, total: 0 } };
      const { list, figures: perUnit, total } = await units(projectId, form.id, rule);
      const shown = options.buildingUnit ? list.filter((s) => s.unit === options.buildingUnit) : list;
      const pages = Math.max(1, Math.ceil(shown.length / TALLY_PAGE_SIZE));
      const page = Math.min(options.page ?? 1, pages);
      const items: TConsentAddress[] = shown.slice((page - 1) * TALLY_PAGE_SIZE, page * TALLY_PAGE_SIZE).map((s) => ({
        address_id: s.addressId, full_address: s.fullAddress, building_unit: s.unit, vacant: s.vacant, status: s.status, on_paper: s.onPaper,
        paper: s.paper, conflict: s.conflictText !== null, conflict_text: s.conflictText,
        agreement_at: s.agreementAt ? toDutchDate(s.agreementAt) : null,
        // Whether a letter is out, never its link: the link is the address's credential (printed only).
        letter_printed_at: s.letterPrintedAt ? toDutchDate(s.letterPrintedAt) : null,
      }));
      return {
        forms: all,
        form_id: form.id,
        ...ruleWire,
        total: wireFigures(total),
        units: [...perUnit].map(([unit, f]) => ({ building_unit: unit, ...wireFigures(f) })),
        addresses: { items, page, pages, total: shown.length },
      };
    },

    /** '87 van de 120 adressen (73%) hebben ingestemd' for the project's first consent form; null without one. */
    async progressText(projectId: number): Promise<string | null> {
      const [form] = await consentForms(projectId);
      if (!form) return null;
      const { total } = await units(projectId, form.id);
      return consentProgressText(total.agreed_votes, total.votes);
    },
  };
}
export type ConsentTally = ReturnType<typeof createConsentTally>;
