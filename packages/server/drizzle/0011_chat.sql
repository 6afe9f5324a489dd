CREATE TABLE "chat_conversation" (
	"conversation_id" serial PRIMARY KEY NOT NULL,
	"chat_type" varchar(10) DEFAULT 'contact' NOT NULL,
	"user_low" integer,
	"user_high" integer,
	"name" varchar(50) DEFAULT '' NOT NULL,
	"notice" varchar(500) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"owner_id" integer,
	"dissolved_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_friend_request" (
	"request_id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"message" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"handle_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_friend" (
	"user_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_friend_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "chat_member" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"last_delivered_id" bigint DEFAULT 0 NOT NULL,
	"role" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_member_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"message_id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"client_msg_id" varchar(64) NOT NULL,
	"type" varchar(10) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"recall_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_notice" (
	"notice_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"from_user_id" integer NOT NULL,
	"request_id" integer,
	"group_id" integer,
	"text" varchar(200) NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"user_id" integer NOT NULL,
	"node_id" varchar(40) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_presence_user_id_node_id_pk" PRIMARY KEY("user_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "chat_member" ADD CONSTRAINT "chat_member_conversation_id_chat_conversation_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("conversation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_pair_uq" ON "chat_conversation" USING btree ("user_low","user_high") WHERE "chat_conversation"."chat_type" = 'contact';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_friend_request_waiting_uq" ON "chat_friend_request" USING btree ("from_user_id","to_user_id") WHERE "chat_friend_request"."status" = 0;--> statement-breakpoint
CREATE INDEX "chat_member_user_idx" ON "chat_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_uq" ON "chat_message" USING btree ("sender_id","client_msg_id");--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("conversation_id","message_id");--> statement-breakpoint
CREATE INDEX "chat_notice_waiting_idx" ON "chat_notice" USING btree ("user_id","notice_id") WHERE not "chat_notice"."delivered";--> statement-breakpoint
CREATE INDEX "chat_presence_node_idx" ON "chat_presence" USING btree ("node_id");