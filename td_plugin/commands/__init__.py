"""The subcommands of ``td-plugin``; each module has ``add_parser(subparsers)`` and ``run(args)``."""
