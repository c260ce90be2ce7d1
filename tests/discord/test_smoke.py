from tests.discord.harness import Table, buttons, private_text


async def test_lobby_and_first_prompt(table: Table) -> None:
    await table.open_lobby(bosses=2)
    lobby = table.lobby()
    print([b.label for b in buttons(lobby)])
    bob = table.members["bob"]
    await table.click(bob, lobby, label="Join as boss")
    r = await table.click(table.members["alice"], table.lobby(), label="Add computer player")
    print(private_text(r), r.response)
    r2 = await table.click(table.members["alice"], r.response, label="Normal police")
    print(private_text(r2))
    print(table.lobby().embeds[0].to_dict())
    r3 = await table.click(table.members["alice"], table.lobby(), label="Start")
    print(private_text(r3))
    for m in table.history():
        print("MSG", m.content, [e.to_dict() for e in m.embeds], [b.label for b in buttons(m)], m.attachments)
