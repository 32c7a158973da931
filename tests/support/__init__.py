"""What the tests share: typing as people do, the screens, the lanes, and each app's page helpers."""
