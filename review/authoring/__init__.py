"""Playbook authoring that needs the review app: the statistics of the decisions made with a
playbook, trying a rule with the engine, drafting from precedents with the engine. Here because
playbooks sits below review and may not import it."""
