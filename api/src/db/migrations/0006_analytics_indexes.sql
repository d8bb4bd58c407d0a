-- Analytics read a period's messages, conversations and citations from covering indexes (the
-- rows, with their text, stay on disk); each replaces a (chatbot_id, created_at) index it starts
-- with. The question index finds a wording key's latest message in one seek.
DROP INDEX `chat_messages_chatbot_created_idx`;--> statement-breakpoint
CREATE INDEX `chat_messages_analytics_idx` ON `chat_messages` (`chatbot_id`,`created_at`,`sender`,`message_type`,`answer_status`,`feedback`,`unanswered_reason`,`triage`,`question_key`);--> statement-breakpoint
CREATE INDEX `chat_messages_question_idx` ON `chat_messages` (`chatbot_id`,`question_key`,`created_at`);--> statement-breakpoint
DROP INDEX `chat_sessions_created_idx`;--> statement-breakpoint
CREATE INDEX `chat_sessions_analytics_idx` ON `chat_sessions` (`chatbot_id`,`created_at`,`is_test`,`question_count`,`has_fallback`,`has_handoff`,`has_thumbs_down`,`has_thumbs_up`,`has_repeat`);--> statement-breakpoint
CREATE INDEX `chat_sessions_test_idx` ON `chat_sessions` (`chatbot_id`,`is_test`);--> statement-breakpoint
DROP INDEX `message_citations_chatbot_idx`;--> statement-breakpoint
CREATE INDEX `message_citations_analytics_idx` ON `message_citations` (`chatbot_id`,`created_at`,`url`,`title`);