"""Turning results into text: the terminal, the JSON envelope, Markdown and HTML."""
