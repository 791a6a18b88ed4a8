-- One database per service on the development PostgreSQL (run once, on an empty volume); the same
-- five as infra/compose/postgres-init.sql. Production has a managed database per service instead.
CREATE DATABASE medtutor_identity;
CREATE DATABASE medtutor_payments;
CREATE DATABASE medtutor_tutoring;
CREATE DATABASE medtutor_reviews;
CREATE DATABASE medtutor_payroll;
