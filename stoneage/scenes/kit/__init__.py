"""The kit every scene stands on: the scene interface and its host, menu panels, the confirm dialog, the toasts."""
