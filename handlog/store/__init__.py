"""The hand database: ``handlog import`` writes it, ``stats``/``graph``/``audit --db`` and ``handlog.db`` read it.

SQLAlchemy Core over SQLite (default) or PostgreSQL (psycopg 3), with Alembic migrations shipped in the package.
Modules: ``database`` (URLs, connections, migrations), ``schema``/``types`` (tables, exact money), ``tail``
(reading a file from its last complete hand), ``records`` (one hand as stored), ``importer`` (batches, once
each), ``filters`` and ``query`` (reading back), ``watch`` (a live hand-history folder).
"""
