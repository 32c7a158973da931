# The bots' styles by name. "table" plays as people at a table do and is the default; "plain" is the earlier default,
# kept so earlier figures can be reproduced; "bold" takes every pile and spends wild cards freely.
from __future__ import annotations

from handfoot.simulate.bots import BoldBot, PlainBot
from handfoot.simulate.table_bot import TableBot

BOTS: dict[str, type[PlainBot]] = {"table": TableBot, "plain": PlainBot, "bold": BoldBot}
DEFAULT_STYLE = "table"
