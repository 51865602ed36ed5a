"""Reading: files and folders → decoded lines → format detection → hands, one record per hand header."""

from handlog.reading.reader import FileProblem, HandRecord, ReadReport, iter_text, read, read_file, read_text

__all__ = ["FileProblem", "HandRecord", "ReadReport", "iter_text", "read", "read_file", "read_text"]
