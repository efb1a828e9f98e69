CREATE TABLE "accession_sequences" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "accession_sequences_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "additional_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"width" integer DEFAULT 1 NOT NULL,
	"height" integer DEFAULT 1 NOT NULL,
	"options" jsonb,
	"is_multi_value" boolean DEFAULT false NOT NULL,
	"suffix" text,
	"description" text,
	"visibility" boolean DEFAULT true NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL,
	"dependencies" jsonb
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"report_audit_required" boolean DEFAULT false NOT NULL,
	"dicom_audit_required" boolean DEFAULT false NOT NULL,
	"image_cache_url" text,
	"accession_pattern" text DEFAULT '{branch}{yyMMdd}{seq:4}' NOT NULL,
	"address" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "hospital_buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_privileges" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"branch_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospitals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"name_en" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"permission" text NOT NULL,
	"title_th" text NOT NULL,
	"title_en" text NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"new_window" boolean DEFAULT false NOT NULL,
	CONSTRAINT "menu_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "modalities" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modality_additional_fields" (
	"modality_code" text NOT NULL,
	"field_id" text NOT NULL,
	"visibility" boolean DEFAULT true NOT NULL,
	CONSTRAINT "modality_additional_fields_modality_code_field_id_pk" PRIMARY KEY("modality_code","field_id")
);
--> statement-breakpoint
CREATE TABLE "name_prefixes" (
	"id" serial PRIMARY KEY NOT NULL,
	"th" text NOT NULL,
	"en" text NOT NULL,
	"group_th" text NOT NULL,
	"group_en" text NOT NULL,
	"gender" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privilege_prices" (
	"privilege_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_satang" integer NOT NULL,
	CONSTRAINT "privilege_prices_privilege_id_product_id_pk" PRIMARY KEY("privilege_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"modality_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product_group" text NOT NULL,
	"body_part" text,
	"default_price_satang" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_clients" (
	"user_id" uuid NOT NULL,
	"hospital_id" integer NOT NULL,
	CONSTRAINT "doctor_clients_user_id_hospital_id_pk" PRIMARY KEY("user_id","hospital_id")
);
--> statement-breakpoint
CREATE TABLE "duty_doctors" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "duty_doctors_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"scope_exam_id" uuid,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" uuid NOT NULL,
	"permission" text NOT NULL,
	"granted" boolean NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_pk" PRIMARY KEY("user_id","permission")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"line_name" text,
	"role_name" text NOT NULL,
	"branch_id" integer,
	"hospital_id" integer,
	"license_no" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "patient_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"occupation" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hn" text NOT NULL,
	"branch_id" integer,
	"hospital_id" integer,
	"national_number" text,
	"alien_number" text,
	"passport_number" text,
	"phone_number" text,
	"prefix_th" text,
	"first_name_th" text NOT NULL,
	"middle_name_th" text,
	"last_name_th" text,
	"suffix_th" text,
	"prefix_en" text,
	"first_name_en" text,
	"middle_name_en" text,
	"last_name_en" text,
	"suffix_en" text,
	"search_name" text GENERATED ALWAYS AS (lower(coalesce(prefix_th,'') || ' ' || first_name_th || ' ' || coalesce(middle_name_th,'') || ' ' || coalesce(last_name_th,'') || ' ' || coalesce(first_name_en,'') || ' ' || coalesce(middle_name_en,'') || ' ' || coalesce(last_name_en,''))) STORED NOT NULL,
	"gender" text DEFAULT 'Unknown' NOT NULL,
	"birth_date" date,
	"unknown_birth_date" boolean DEFAULT false NOT NULL,
	"stated_age" integer,
	"stated_age_at" date,
	"blood_group" text,
	"nationality" text,
	"race" text,
	"religion" text,
	"occupation" text,
	"image_key" text,
	"password_hash" text,
	"has_allergy" boolean DEFAULT false NOT NULL,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_address" jsonb,
	"record_address" jsonb,
	"current_and_record_address_is_same" boolean DEFAULT false NOT NULL,
	"emergency_contact" jsonb,
	"work_place" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "photo_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"image_key" text,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "custom_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_links" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_products" (
	"request_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"dose" text,
	"unit_price_satang" integer NOT NULL,
	CONSTRAINT "request_products_request_id_product_id_pk" PRIMARY KEY("request_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"branch_id" integer NOT NULL,
	"hospital_id" integer,
	"privilege_id" integer,
	"appointment_at" timestamp with time zone NOT NULL,
	"is_schedule" boolean DEFAULT false NOT NULL,
	"exam_start_time" text,
	"exam_end_time" text,
	"payment_method_id" integer,
	"hospital_doctor_id" integer,
	"hospital_building_id" integer,
	"tech_id" uuid,
	"research_project_id" integer,
	"research_project_subject_id" text,
	"research_project_subject_name" text,
	"research_project_vn" text,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"status_remark" text,
	"nhso_claim_code" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid,
	"request_id" uuid,
	"patient_id" uuid,
	"kind" text NOT NULL,
	"document_type_id" integer,
	"modality_code" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "exam_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exam_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"patient_id" uuid,
	"branch_id" integer NOT NULL,
	"hospital_id" integer,
	"accession_number" text,
	"modality_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body_part" text,
	"exam_date" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"expected_at" timestamp with time zone,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"hn" text DEFAULT '' NOT NULL,
	"prefix_name" text,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text,
	"last_name" text,
	"suffix_name" text,
	"birth_date" date,
	"gender" text,
	"patient_name_search" text GENERATED ALWAYS AS (lower(coalesce(prefix_name,'') || ' ' || first_name || ' ' || coalesce(middle_name,'') || ' ' || coalesce(last_name,''))) STORED NOT NULL,
	"reviewer_id" uuid,
	"specific_reviewer_id" uuid,
	"is_specific" boolean DEFAULT false NOT NULL,
	"is_on_duty" boolean DEFAULT false NOT NULL,
	"is_chain_case" boolean DEFAULT false NOT NULL,
	"report_urgency" text DEFAULT 'NotSpecified' NOT NULL,
	"latest_message" text,
	"latest_reporter_id" uuid,
	"is_check_report" boolean DEFAULT false NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_critical" boolean DEFAULT false NOT NULL,
	"has_image" boolean DEFAULT false NOT NULL,
	"has_note" boolean DEFAULT false NOT NULL,
	"dicom_audit_status" text DEFAULT '' NOT NULL,
	"report_audit_status" text DEFAULT '' NOT NULL,
	"zip_status" text,
	"zip_status_updated_at" timestamp with time zone,
	"remark" text,
	"study_instance_uid" text,
	"dicom_patient_id" text,
	"issuer_of_patient_id" text,
	"referring_physician_id" text,
	"referring_physician_name" text,
	"study_date" text,
	"study_time" text,
	"institutional_department" text,
	"sending_application" text,
	"scheduled_station_ae_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "finished_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid,
	"subject_id" text,
	"report_name" text NOT NULL,
	"version_no" integer DEFAULT 1 NOT NULL,
	"kind" text DEFAULT 'final' NOT NULL,
	"content" jsonb,
	"pdf_key" text NOT NULL,
	"reporter_id" uuid,
	"reporter_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audit_status" text DEFAULT '' NOT NULL,
	"audit_message" text
);
--> statement-breakpoint
CREATE TABLE "report_drafts" (
	"exam_id" uuid NOT NULL,
	"report_name" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modality_code" text,
	"body_part" text,
	"name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"content" jsonb NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dicom_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"sop_instance_uid" text NOT NULL,
	"sop_class_uid" text NOT NULL,
	"transfer_syntax_uid" text NOT NULL,
	"instance_number" integer,
	"number_of_frames" integer DEFAULT 1 NOT NULL,
	"rows" integer,
	"columns" integer,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"metadata" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dicom_instances_sopInstanceUid_unique" UNIQUE("sop_instance_uid")
);
--> statement-breakpoint
CREATE TABLE "dicom_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"series_instance_uid" text NOT NULL,
	"modality" text,
	"series_number" integer,
	"series_description" text,
	"body_part_examined" text,
	"image_orientation_patient" text,
	"number_of_instances" integer DEFAULT 0 NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dicom_series_seriesInstanceUid_unique" UNIQUE("series_instance_uid")
);
--> statement-breakpoint
CREATE TABLE "dicom_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_instance_uid" text NOT NULL,
	"exam_id" uuid,
	"patient_id" text,
	"patient_name" text,
	"patient_birth_date" text,
	"patient_sex" text,
	"accession_number" text,
	"study_date" text,
	"study_time" text,
	"study_description" text,
	"referring_physician_name" text,
	"institution_name" text,
	"modalities_in_study" text,
	"number_of_series" integer DEFAULT 0 NOT NULL,
	"number_of_instances" integer DEFAULT 0 NOT NULL,
	"calling_ae_title" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dicom_studies_studyInstanceUid_unique" UNIQUE("study_instance_uid")
);
--> statement-breakpoint
CREATE TABLE "billing_requests" (
	"billing_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"total_satang" integer NOT NULL,
	"paid_receipt_id" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_requests_billing_id_request_id_pk" PRIMARY KEY("billing_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "billings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_no" text NOT NULL,
	"hospital_id" integer NOT NULL,
	"privilege_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_printed" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billings_documentNo_unique" UNIQUE("document_no")
);
--> statement-breakpoint
CREATE TABLE "cost_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"type" text NOT NULL,
	"method_id" integer,
	"amount_satang" integer NOT NULL,
	"reference_code" text,
	"receipt_id" uuid,
	"remark" text,
	"day" date NOT NULL,
	"file_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_adjustment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjustment_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount_satang" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"yesterday_satang" integer NOT NULL,
	"today_satang" integer NOT NULL,
	"remark" text,
	"file_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_id" uuid NOT NULL,
	"document_no" text NOT NULL,
	"type" text NOT NULL,
	"bank_name" text NOT NULL,
	"amount_satang" integer NOT NULL,
	"number" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_documentNo_unique" UNIQUE("document_no")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"username" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"patient_id" uuid,
	"ip" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "accession_sequences" ADD CONSTRAINT "accession_sequences_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_buildings" ADD CONSTRAINT "hospital_buildings_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_doctors" ADD CONSTRAINT "hospital_doctors_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_privileges" ADD CONSTRAINT "hospital_privileges_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modality_additional_fields" ADD CONSTRAINT "modality_additional_fields_modality_code_modalities_code_fk" FOREIGN KEY ("modality_code") REFERENCES "public"."modalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modality_additional_fields" ADD CONSTRAINT "modality_additional_fields_field_id_additional_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."additional_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_prices" ADD CONSTRAINT "privilege_prices_privilege_id_hospital_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."hospital_privileges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_prices" ADD CONSTRAINT "privilege_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_modality_code_modalities_code_fk" FOREIGN KEY ("modality_code") REFERENCES "public"."modalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_clients" ADD CONSTRAINT "doctor_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_clients" ADD CONSTRAINT "doctor_clients_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_doctors" ADD CONSTRAINT "duty_doctors_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_doctors" ADD CONSTRAINT "duty_doctors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_contacts" ADD CONSTRAINT "patient_contacts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_captures" ADD CONSTRAINT "photo_captures_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_prices" ADD CONSTRAINT "custom_prices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_prices" ADD CONSTRAINT "custom_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_prices" ADD CONSTRAINT "custom_prices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_products" ADD CONSTRAINT "request_products_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_products" ADD CONSTRAINT "request_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_privilege_id_hospital_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."hospital_privileges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_payment_method_id_lookups_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_hospital_doctor_id_hospital_doctors_id_fk" FOREIGN KEY ("hospital_doctor_id") REFERENCES "public"."hospital_doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_hospital_building_id_hospital_buildings_id_fk" FOREIGN KEY ("hospital_building_id") REFERENCES "public"."hospital_buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_tech_id_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_research_project_id_lookups_id_fk" FOREIGN KEY ("research_project_id") REFERENCES "public"."lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_events" ADD CONSTRAINT "exam_events_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_events" ADD CONSTRAINT "exam_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_modality_code_modalities_code_fk" FOREIGN KEY ("modality_code") REFERENCES "public"."modalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_specific_reviewer_id_users_id_fk" FOREIGN KEY ("specific_reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_latest_reporter_id_users_id_fk" FOREIGN KEY ("latest_reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD CONSTRAINT "finished_reports_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD CONSTRAINT "finished_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_drafts" ADD CONSTRAINT "report_drafts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_drafts" ADD CONSTRAINT "report_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dicom_instances" ADD CONSTRAINT "dicom_instances_series_id_dicom_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."dicom_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dicom_series" ADD CONSTRAINT "dicom_series_study_id_dicom_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."dicom_studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dicom_studies" ADD CONSTRAINT "dicom_studies_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD CONSTRAINT "billing_requests_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD CONSTRAINT "billing_requests_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD CONSTRAINT "billing_requests_paid_receipt_id_receipts_id_fk" FOREIGN KEY ("paid_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_privilege_id_hospital_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."hospital_privileges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_method_id_lookups_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustment_items" ADD CONSTRAINT "money_adjustment_items_adjustment_id_money_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."money_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookups_kind_name_uq" ON "lookups" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_modality_code_uq" ON "products" USING btree ("modality_code","code");--> statement-breakpoint
CREATE INDEX "login_failures_username_at_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_hn_uq" ON "patients" USING btree ("hn");--> statement-breakpoint
CREATE INDEX "patients_national_number_idx" ON "patients" USING btree ("national_number");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "patients_search_name_trgm" ON "patients" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_appointment_idx" ON "requests" USING btree ("appointment_at");--> statement-breakpoint
CREATE INDEX "requests_patient_idx" ON "requests" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "requests_hospital_idx" ON "requests" USING btree ("hospital_id","appointment_at");--> statement-breakpoint
CREATE INDEX "documents_exam_idx" ON "documents" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "documents_request_idx" ON "documents" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "exam_events_exam_idx" ON "exam_events" USING btree ("exam_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_accession_uq" ON "exams" USING btree ("accession_number");--> statement-breakpoint
CREATE INDEX "exams_exam_date_idx" ON "exams" USING btree ("exam_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exams_hn_idx" ON "exams" USING btree ("hn");--> statement-breakpoint
CREATE INDEX "exams_branch_date_idx" ON "exams" USING btree ("branch_id","exam_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exams_hospital_date_idx" ON "exams" USING btree ("hospital_id","exam_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exams_reviewer_date_idx" ON "exams" USING btree ("reviewer_id","exam_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exams_request_idx" ON "exams" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "exams_patient_idx" ON "exams" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "exams_study_uid_idx" ON "exams" USING btree ("study_instance_uid");--> statement-breakpoint
CREATE INDEX "exams_name_trgm" ON "exams" USING gin ("patient_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "finished_reports_exam_idx" ON "finished_reports" USING btree ("exam_id","report_name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_drafts_uq" ON "report_drafts" USING btree ("exam_id","report_name");--> statement-breakpoint
CREATE INDEX "dicom_instances_series_idx" ON "dicom_instances" USING btree ("series_id","instance_number");--> statement-breakpoint
CREATE INDEX "dicom_series_study_idx" ON "dicom_series" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "dicom_studies_accession_idx" ON "dicom_studies" USING btree ("accession_number");--> statement-breakpoint
CREATE INDEX "dicom_studies_exam_idx" ON "dicom_studies" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "billing_requests_request_idx" ON "billing_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "billings_hospital_idx" ON "billings" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");