import type { Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsPartner, loginAsResident, test } from './fixtures';
import { withDatabase } from './db';

/**
 * Lists that grow load a page at a time (paging.ts in the contract: the newest 50, then more on
 * demand): the news list ('Meer nieuwsberichten laden'), the team's inbox ('Meer gesprekken laden')
 * and a conversation's history ('Oudere berichten laden'). The long lists are set up in the database
 * (no route writes news, and the chat limits how fast one sends); axe and screenshots on each.
 */

const HAVENKWARTIER = 'Nieuwbouw Havenkwartier'; // Bouwbedrijf De Vries: the partner works for it, no other spec reads it
const PAGE = 50;

async function projectId(mail: Parameters<typeof withDatabase>[0], name: string): Promise<number> {
  return withDatabase(mail, async (db) => (await db.query<{ id: number }>('SELECT id FROM projects WHERE name = $1', [name])).rows[0]!.id);
}

/** Axe, no horizontal scrolling and screenshots at 375 and 1280 px, from the top of the page. */
async function check(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPage(page, name);
}

test.describe('loading more on demand', () => {
  test('news: the newest 50 articles, then the older ones with "Meer nieuwsberichten laden"; an old article opens by its address', async ({ page, mail }) => {
    const id = await projectId(mail, HAVENKWARTIER);
    // 60 public articles, one a day: 'Archief 01' (yesterday) ... 'Archief 60'
    const oldest = await withDatabase(mail, async (db) => {
      await db.query("DELETE FROM news_articles WHERE project_id = $1 AND title LIKE 'Archief %'", [id]);
      const rows = await db.query<{ id: number }>(
        `INSERT INTO news_articles (project_id, title, date, content, is_public)
         SELECT $1, 'Archief ' || lpad(i::text, 2, '0'), current_date - i, '<p>Nieuws uit het archief, nummer ' || i || '.</p>', true
         FROM generate_series(1, 60) i RETURNING id`,
        [id],
      );
      return rows.rows.at(-1)!.id;
    });

    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/nieuws/${id}`);
    const list = page.getByRole('navigation', { name: 'Nieuwsberichten' });
    const more = page.getByRole('button', { name: 'Meer nieuwsberichten laden' });
    await expect(list.getByRole('link')).toHaveCount(PAGE);
    await expect(list.getByRole('link').first()).toContainText('Archief 01');
    await expect(list.getByRole('link', { name: /Archief 51/ })).toHaveCount(0);
    await expect(more).toBeVisible();
    await check(page, 'paging-news');

    await more.click();
    await expect(list.getByRole('link')).toHaveCount(60);
    await expect(more).toHaveCount(0);
    await list.getByRole('link', { name: /Archief 60/ }).click();
    await expect(page).toHaveURL(`/partner/nieuws/${id}/${oldest}`);
    await expect(page.getByRole('heading', { name: 'Archief 60' })).toBeVisible();
    await expect(page.getByText('Nieuws uit het archief, nummer 60.')).toBeVisible();

    // by its address, in a fresh page: the list loads on until the article is in it
    await page.goto(`/partner/nieuws/${id}/${oldest}`);
    await expect(page.getByRole('heading', { name: 'Archief 60' })).toBeVisible();
    await expect(list.getByRole('link', { name: /Archief 60/ })).toHaveAttribute('aria-current', 'page');
    // below 640 px the list is a dropdown; the button sits under it
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/partner/nieuws/${id}`);
    await expect(page.getByLabel('Nieuwsberichten').locator('option')).toHaveCount(PAGE);
    await more.click();
    await expect(page.getByLabel('Nieuwsberichten').locator('option')).toHaveCount(60);
  });

  test("the team's inbox loads more conversations, and a long conversation its older messages", async ({ page, mail }) => {
    const id = await projectId(mail, HAVENKWARTIER);
    // 55 visitors' conversations, an hour apart; the newest ('Bezoeker 01') has 70 messages
    const total = await withDatabase(mail, async (db) => {
      await db.query("DELETE FROM chat_conversations WHERE project_id = $1 AND visitor_token_hash LIKE 'e2e-paging-%'", [id]);
      await db.query(
        `INSERT INTO chat_conversations (project_id, visitor_token_hash, visitor_name, last_message_at, last_message_preview)
         SELECT $1, 'e2e-paging-' || i, 'Bezoeker ' || lpad(i::text, 2, '0'), now() - i * interval '1 hour', 'Vraag van bezoeker ' || i
         FROM generate_series(1, 55) i`,
        [id],
      );
      await db.query(
        `INSERT INTO chat_messages (conversation_id, message, from_staff, from_address_name, created_at)
         SELECT id, last_message_preview, false, visitor_name, last_message_at FROM chat_conversations WHERE visitor_token_hash LIKE 'e2e-paging-%'`,
      );
      await db.query(
        `INSERT INTO chat_messages (conversation_id, message, from_staff, from_user_name, from_address_name, created_at)
         SELECT c.id, 'Bericht ' || lpad(i::text, 2, '0'), i % 2 = 0, CASE WHEN i % 2 = 0 THEN 'Projectteam Havenkwartier' END,
           CASE WHEN i % 2 = 1 THEN c.visitor_name END, c.last_message_at - (70 - i) * interval '1 minute'
         FROM chat_conversations c, generate_series(1, 69) i WHERE c.visitor_token_hash = 'e2e-paging-1'`,
      );
      const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_conversations WHERE project_id = $1 AND last_message_at IS NOT NULL', [id])).rows as [{ n: number }];
      return n;
    });

    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/berichten/${id}`);
    const inbox = page.getByRole('navigation', { name: 'Gesprekken' });
    const more = page.getByRole('button', { name: 'Meer gesprekken laden' });
    await expect(inbox.getByRole('link')).toHaveCount(PAGE);
    await expect(more).toBeVisible();
    await check(page, 'paging-inbox');
    await more.click();
    await expect(inbox.getByRole('link')).toHaveCount(total);
    await expect(more).toHaveCount(0);
    await expect(inbox.getByRole('link', { name: /Bezoeker 55/ })).toBeVisible();

    await inbox.getByRole('link', { name: /Bezoeker 01/ }).click();
    const messages = page.getByTestId('chat-messages');
    const older = messages.getByRole('button', { name: 'Oudere berichten laden' });
    await expect(messages.locator('li')).toHaveCount(PAGE);
    await expect(messages.locator('li').last()).toContainText('Vraag van bezoeker 1');
    await expect(messages).not.toContainText('Bericht 19');
    await expect(older).toBeVisible();
    await check(page, 'paging-conversation');

    await older.focus();
    await page.keyboard.press('Enter');
    await expect(messages.locator('li')).toHaveCount(70);
    await expect(messages.locator('li').first()).toContainText('Bericht 01');
    await expect(older).toHaveCount(0);
    // the last page came: the button is gone and the keyboard stays in the conversation
    await expect(messages).toBeFocused();
  });

  test("a resident's long conversation: 'Oudere berichten laden' above the newest 50", async ({ page, mail }) => {
    const total = await withDatabase(mail, async (db) => {
      await db.query("DELETE FROM chat_messages WHERE message LIKE 'Oud bericht %'");
      const rows = await db.query(
        `INSERT INTO chat_messages (conversation_id, message, from_staff, from_user_name, from_address_name, created_at, read_at)
         SELECT c.id, 'Oud bericht ' || lpad(i::text, 2, '0'), i % 3 = 0, CASE WHEN i % 3 = 0 THEN 'Projectteam' END,
           CASE WHEN i % 3 <> 0 THEN 'Jan de Vries' END, now() - interval '120 days' + i * interval '1 hour', now()
         FROM chat_conversations c
         JOIN addresses a ON a.id = c.address_id
         JOIN projects p ON p.id = c.project_id
         CROSS JOIN generate_series(1, 60) i
         WHERE a.zipcode = '1234AB' AND a.house_number = '10' AND p.name = $1
         RETURNING conversation_id`,
        [DEMO.project],
      );
      expect(rows.rowCount).toBe(60);
      const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [rows.rows[0]!.conversation_id]);
      return count.rows[0]!.n;
    });

    await loginAsResident(page, DEMO.resident);
    await page.goto('/berichten');
    const messages = page.getByTestId('chat-messages');
    const older = messages.getByRole('button', { name: 'Oudere berichten laden' });
    await expect(messages.locator('li')).toHaveCount(PAGE);
    await expect(messages).toContainText('de kozijnen aan de Tulpstraat worden in week 14 geplaatst'); // the newest, as before
    await expect(messages).not.toContainText('Oud bericht 01');
    await check(page, 'paging-chat-resident');

    for (let shown = PAGE; shown < total;) {
      await older.click();
      shown = Math.min(total, shown + PAGE);
      await expect(messages.locator('li')).toHaveCount(shown);
    }
    await expect(older).toHaveCount(0);
    await expect(messages.locator('li').first()).toContainText('Oud bericht 01');
    const texts = await messages.locator('li').allTextContents();
    expect(new Set(texts).size, 'no message twice').toBe(texts.length);
    expect(texts.filter((t) => t.includes('Oud bericht'))).toHaveLength(60);
  });
});
