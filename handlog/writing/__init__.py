"""Writing hands in other formats (PHH today): the reverse of ``formats``, from the event model to text."""
