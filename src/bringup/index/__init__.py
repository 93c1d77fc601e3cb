"""The Python package index as an opt-in source of versions (``--index``): the release lists
of the distributions the repos constrain, read through the PEP 691 JSON simple API.

``simple`` parses an answer (pure); ``releases`` fetches many with a fetcher passed in, a
cache, a time budget and a thread pool, and turns them into the solver's releases; ``url``
checks an index URL and takes its credentials off; ``http`` is the only networked code
(urllib, imported only when ``--index`` is given).
"""
