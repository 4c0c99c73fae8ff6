/* A shared library that is not a MateRunner front-end: it lacks materunner_frontend_entry. */
int some_other_symbol(void) { return 42; }
