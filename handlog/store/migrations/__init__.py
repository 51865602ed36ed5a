"""The schema's migrations (alembic scripts in ``versions``)."""

HEAD = "0005_log_text"
"""The newest migration's revision: a database at it needs no migration, which ``database.migrate`` sees without
importing alembic (a test holds it equal to the scripts' one head)."""
