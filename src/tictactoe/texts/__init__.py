"""What the program says: translations (:mod:`.i18n`, ``locale/``) and its sentences
(:mod:`.sentences`)."""
