CREATE TABLE "file_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"file_ids" integer[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"owner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reads" (
	"address_id" integer NOT NULL,
	"module" text NOT NULL,
	"item_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reads_address_id_module_item_id_pk" PRIMARY KEY("address_id","module","item_id")
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"image_file_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"image_file_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo_file_id" integer,
	"website" text,
	"lat" double precision,
	"lng" double precision,
	"is_public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_item_partners" (
	"item_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "information_item_partners_item_id_partner_id_pk" PRIMARY KEY("item_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "information_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text DEFAULT 'information' NOT NULL,
	"menuitem_id" smallint,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_file_id" integer,
	"icons" text[] DEFAULT '{}' NOT NULL,
	"access_to_home_required" boolean DEFAULT false NOT NULL,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_item_partners" (
	"item_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "schedule_item_partners_item_id_partner_id_pk" PRIMARY KEY("item_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text DEFAULT '' NOT NULL,
	"image_file_id" integer,
	"highlight" boolean DEFAULT false NOT NULL,
	"access_to_home_required" boolean DEFAULT false NOT NULL,
	"icons" text[] DEFAULT '{}' NOT NULL,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"comment" text,
	"image_file_id" integer,
	"show_date" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_preparation' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer,
	"file_id" integer NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"method_type" text,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"affix" text,
	"last_name" text NOT NULL,
	"email" text,
	"mobile_number" text,
	"phone_number" text,
	"function" text,
	"description" text,
	"avatar_file_id" integer,
	"logo_file_id" integer,
	"can_chat" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_reads" ADD CONSTRAINT "content_reads_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_items" ADD CONSTRAINT "complaint_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_items" ADD CONSTRAINT "complaint_items_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_item_partners" ADD CONSTRAINT "information_item_partners_item_id_information_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."information_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_item_partners" ADD CONSTRAINT "information_item_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_items" ADD CONSTRAINT "information_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_items" ADD CONSTRAINT "information_items_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_item_partners" ADD CONSTRAINT "schedule_item_partners_item_id_schedule_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."schedule_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_item_partners" ADD CONSTRAINT "schedule_item_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_entries" ADD CONSTRAINT "work_order_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_entries" ADD CONSTRAINT "work_order_entries_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_items" ADD CONSTRAINT "dossier_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_items" ADD CONSTRAINT "dossier_items_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_items" ADD CONSTRAINT "dossier_items_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_tickets_token_idx" ON "file_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "file_tickets_expires_idx" ON "file_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_idx" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "news_articles_project_date_idx" ON "news_articles" USING btree ("project_id","date","id");--> statement-breakpoint
CREATE INDEX "news_articles_image_idx" ON "news_articles" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "complaint_items_project_idx" ON "complaint_items" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "complaint_items_image_idx" ON "complaint_items" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "partners_project_idx" ON "partners" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "partners_logo_idx" ON "partners" USING btree ("logo_file_id");--> statement-breakpoint
CREATE INDEX "information_item_partners_partner_idx" ON "information_item_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "information_items_project_idx" ON "information_items" USING btree ("project_id","kind","position","id");--> statement-breakpoint
CREATE INDEX "information_items_image_idx" ON "information_items" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "schedule_item_partners_partner_idx" ON "schedule_item_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "schedule_items_project_date_idx" ON "schedule_items" USING btree ("project_id","date","position","id");--> statement-breakpoint
CREATE INDEX "schedule_items_image_idx" ON "schedule_items" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "schedules_image_idx" ON "schedules" USING btree ("image_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_entries_address_idx" ON "work_order_entries" USING btree ("project_id","address_id");--> statement-breakpoint
CREATE INDEX "work_order_entries_project_idx" ON "work_order_entries" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "documents_project_idx" ON "documents" USING btree ("project_id","address_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_address_idx" ON "documents" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "documents_file_idx" ON "documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "dossier_items_address_idx" ON "dossier_items" USING btree ("address_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "dossier_items_project_idx" ON "dossier_items" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "dossier_items_file_idx" ON "dossier_items" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "contacts_project_idx" ON "contacts" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "contacts_avatar_idx" ON "contacts" USING btree ("avatar_file_id");--> statement-breakpoint
CREATE INDEX "contacts_logo_idx" ON "contacts" USING btree ("logo_file_id");