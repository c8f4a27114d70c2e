CREATE TABLE "retention_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer,
	"category" text NOT NULL,
	"months" integer NOT NULL,
	"basis" text NOT NULL,
	"action" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "retention_rules_months_check" CHECK ("retention_rules"."months" >= 0 AND "retention_rules"."months" <= 240),
	CONSTRAINT "retention_rules_basis_check" CHECK ("retention_rules"."basis" IN ('project_end', 'created', 'court_period_end')),
	CONSTRAINT "retention_rules_action_check" CHECK ("retention_rules"."action" IN ('delete', 'anonymise'))
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"privacy_contact" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_projects" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_by_name" text,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_projects" ADD CONSTRAINT "retention_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_projects" ADD CONSTRAINT "retention_projects_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rules_customer_idx" ON "retention_rules" USING btree ("customer_id","category") WHERE "retention_rules"."project_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rules_project_idx" ON "retention_rules" USING btree ("project_id","category") WHERE "retention_rules"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_archived_idx" ON "projects" USING btree ("archived_at") WHERE "projects"."archived_at" IS NOT NULL;
